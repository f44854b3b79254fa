import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ScoreTypeOption, Workout } from "@/lib/api/types";
import {
  emptyWorkoutForm,
  WORKOUT_MESSAGES,
  type WorkoutFormValues,
} from "../rules/workout-form";
import { WorkoutForm } from "./workout-form";

const workout = (
  id: string,
  name: string,
  fields: Partial<Workout> = {}
): Workout =>
  ({
    id,
    name,
    scoreType: "TIME",
    partOf: "",
    parts: "",
    ...fields,
  } as Workout);

const scoreTypes: ScoreTypeOption[] = [
  { value: "TIME", label: "Time" },
  { value: "REPS", label: "Reps" },
  { value: "MAX_WEIGHT", label: "Max Weight" },
];

function renderForm(props: {
  initial?: WorkoutFormValues;
  workouts?: Workout[];
  serverErrors?: Record<string, string>;
  selfId?: string;
}) {
  const onSubmit = vi.fn();
  render(
    <WorkoutForm
      initial={props.initial ?? emptyWorkoutForm()}
      scoreTypes={scoreTypes}
      workouts={props.workouts ?? []}
      selfId={props.selfId}
      submitLabel="Save"
      submitting={false}
      onSubmit={onSubmit}
      onCancel={() => {}}
      serverErrors={props.serverErrors}
    />
  );
  return onSubmit;
}

describe("WorkoutForm parts", () => {
  const events = [
    workout("w1", "Workout 1"),
    workout("w3", "Workout 3", { parts: "sum", scoreType: "MAX_WEIGHT" }),
    workout("w4", "Workout 4", { parts: "separate" }),
  ];

  it("offers the workouts with parts as what a part belongs to, and sends the choice", async () => {
    const onSubmit = renderForm({ workouts: events });
    const partOf = screen.getByLabelText("Part Of");
    expect(
      [...partOf.querySelectorAll("option")].map((o) => o.textContent)
    ).toEqual(["Not a part (a workout of its own)", "Workout 3", "Workout 4"]);
    await userEvent.type(screen.getByLabelText(/Workout Name/), "4a");
    await userEvent.selectOptions(partOf, "w4");
    await userEvent.selectOptions(screen.getByLabelText(/Score Type/), "REPS"); // separate parts: any score type
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: "4a",
        partOf: "w4",
        parts: "",
        scoreType: "REPS",
      })
    );
  });

  it("gives a part of a combined workout its workout’s score type, fixed", async () => {
    const onSubmit = renderForm({ workouts: events });
    await userEvent.type(screen.getByLabelText(/Workout Name/), "3a");
    await userEvent.selectOptions(screen.getByLabelText("Part Of"), "w3");
    const scoreType = screen.getByLabelText(/Score Type/);
    expect(scoreType).toHaveValue("MAX_WEIGHT");
    expect(scoreType).toBeDisabled();
    expect(
      screen.getByText("Workout 3's score type: its parts make one score")
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ partOf: "w3", scoreType: "MAX_WEIGHT" })
    );
  });

  it("chooses how a workout’s parts count, and refuses parts on a part", async () => {
    const onSubmit = renderForm({ workouts: events });
    await userEvent.type(screen.getByLabelText(/Workout Name/), "Workout 5");
    await userEvent.selectOptions(screen.getByLabelText("Parts"), "best");
    await userEvent.selectOptions(screen.getByLabelText("Part Of"), "w4");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(WORKOUT_MESSAGES.partHasParts)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Part Of"), "");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ partOf: "", parts: "best" })
    );
  });

  it("shows the server’s refusal under the field it names, and never offers the workout itself", () => {
    renderForm({
      workouts: events,
      selfId: "w4",
      initial: { ...emptyWorkoutForm(), name: "Workout 4", parts: "separate" },
      serverErrors: {
        parts:
          "Workout 4 has results: a workout with parts has no results of its own. Delete them first.",
      },
    });
    expect(screen.getByLabelText("Parts")).toHaveAttribute(
      "aria-invalid",
      "true"
    );
    expect(screen.getByText(/Workout 4 has results/)).toBeInTheDocument();
    expect(
      [...screen.getByLabelText("Part Of").querySelectorAll("option")].map(
        (o) => o.textContent
      )
    ).not.toContain("Workout 4");
  });
});
