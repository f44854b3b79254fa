import { describe, expect, it } from "vitest";
import type { LeaderboardWorkout } from "../api/types";
import { boardGroups, boardWorkouts, grouped } from "./board-columns";

const w = (
  id: string,
  name: string,
  fields: Partial<LeaderboardWorkout> = {}
): LeaderboardWorkout =>
  ({
    id,
    name,
    partOf: "",
    parts: "",
    weight: 1,
    ...fields,
  } as LeaderboardWorkout);

const workouts = [
  w("w1", "Workout 1"),
  w("w2", "Workout 2", { parts: "separate" }),
  w("w2a", "2a", { partOf: "w2" }),
  w("w2b", "2b", { partOf: "w2" }),
  w("w3", "Workout 3", { parts: "sum" }),
  w("w3a", "3a", { partOf: "w3" }),
  w("w3b", "3b", { partOf: "w3" }),
];

const shape = (ws: LeaderboardWorkout[]) =>
  boardGroups(ws).map((g) => [
    g.header?.name ?? null,
    g.columns.map((c) => `${c.workout.id}:${c.label}`),
  ]);

describe("the boards’ workout columns", () => {
  it("groups the parts under their workout; a combined workout has its points column first", () => {
    expect(shape(workouts)).toEqual([
      [null, ["w1:Workout 1"]],
      ["Workout 2", ["w2a:2a", "w2b:2b"]],
      ["Workout 3", ["w3:Sum", "w3a:3a", "w3b:3b"]],
    ]);
    expect(grouped(boardGroups(workouts))).toBe(true);
  });

  it("says Best for a best-part workout, and leaves a workout without parts ungrouped", () => {
    expect(
      shape([
        w("w3", "Workout 3", { parts: "best" }),
        w("w3a", "3a", { partOf: "w3" }),
      ])
    ).toEqual([["Workout 3", ["w3:Best", "w3a:3a"]]]);
    expect(grouped(boardGroups([w("w1", "Workout 1")]))).toBe(false);
  });

  it("drops a workout whose parts count one by one and has none yet", () => {
    expect(
      shape([w("w2", "Workout 2", { parts: "separate" }), w("w1", "Workout 1")])
    ).toEqual([[null, ["w1:Workout 1"]]]);
  });

  it("gives every part a board named with its workout, and a separate workout none", () => {
    expect(
      boardWorkouts(workouts).map((b) => `${b.workout.id}:${b.name}`)
    ).toEqual([
      "w1:Workout 1",
      "w2a:Workout 2 — 2a",
      "w2b:Workout 2 — 2b",
      "w3:Workout 3",
      "w3a:Workout 3 — 3a",
      "w3b:Workout 3 — 3b",
    ]);
  });
});
