// Command seed-public seeds the public leaderboard benchmark's event through a running
// gateway and prints its ids as shell assignments (EVENT_ID=… DIVISION_ID=… PATH_LB=…).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/podium-dev/podium/tests/bench"
)

func main() {
	url := flag.String("url", "http://127.0.0.1:8080", "gateway base URL")
	username := flag.String("username", "admin", "administrator")
	teams := flag.Int("teams", 100, "teams in the division")
	workouts := flag.Int("workouts", 8, "workouts")
	flag.Parse()
	password := os.Getenv("PODIUM_ADMIN_PASSWORD")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	c := bench.NewClient(*url)
	if err := c.Login(ctx, *username, password); err != nil {
		fmt.Fprintln(os.Stderr, "seed-public:", err)
		os.Exit(1)
	}
	s, err := bench.Seed(ctx, c, *teams, *workouts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "seed-public:", err)
		os.Exit(1)
	}
	fmt.Printf("EVENT_ID=%s\nDIVISION_ID=%s\nPATH_LB=%s\n", s.EventID, s.DivisionID, s.LeaderboardPath())
}
