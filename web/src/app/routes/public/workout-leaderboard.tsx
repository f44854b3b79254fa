import { WorkoutLeaderboardScreen } from '@/features/public/screens/workout-leaderboard';

export default WorkoutLeaderboardScreen;
