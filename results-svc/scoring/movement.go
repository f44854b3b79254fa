package scoring

// Movement on the boards (▲2 / ▼1) is what the latest workout did to the standings: each team's
// rank over every workout against its rank over the workouts before the latest one. The
// latest workout is the last one in workout order with a placing, so a correction published
// in an earlier workout does not reset what the boards say moved.

// LatestWorkout is the index of the last workout (in workout order) with any placing; -1 when
// no workout has one.
func LatestWorkout(workouts []WorkoutPlacings) int {
	for i := len(workouts) - 1; i >= 0; i-- {
		if len(workouts[i]) > 0 {
			return i
		}
	}
	return -1
}

// RanksBefore ranks the division as StandingsWith would without workout w: each team's rank
// then, by team id (absent when it had none: no result yet, or withdrawn).
func RanksBefore(teams []string, workouts []WorkoutPlacings, r Rules, w int) map[string]int {
	before := make([]WorkoutPlacings, len(workouts))
	copy(before, workouts)
	if w >= 0 && w < len(before) {
		before[w] = WorkoutPlacings{}
	}
	ranks := make(map[string]int, len(teams))
	for _, s := range StandingsWith(teams, before, r) {
		if s.Rank > 0 {
			ranks[s.TeamID] = s.Rank
		}
	}
	return ranks
}
