// Command seed-public seeds the public leaderboard benchmark's event through a running
// gateway and prints its ids as shell assignments (EVENT_ID=… DIVISION_ID=… PATH_LB=…).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/podium-dev/podium/internal/eventtest"
	"github.com/podium-dev/podium/tests/bench"
)

func main() {
	url := flag.String("url", "http://127.0.0.1:8080", "gateway base URL")
	username := flag.String("username", "admin", "administrator")
	teams := flag.Int("teams", 100, "teams in the division")
	workouts := flag.Int("workouts", 8, "workouts")
	flag.Parse()
	fail := eventtest.Program("seed-public")
	api := eventtest.Login(fail, *url, *username, os.Getenv("PODIUM_ADMIN_PASSWORD"))
	s := bench.Seed(fail, api, *teams, *workouts)
	fmt.Printf("EVENT_ID=%s\nDIVISION_ID=%s\nPATH_LB=%s\n", s.EventID, s.DivisionID, s.LeaderboardPath())
}
