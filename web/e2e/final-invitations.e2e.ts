// Invitations from an online qualifier to its final (docs/qualifiers.md, "Invitations to the
// final"), in a browser: the organiser links the final and invites the top 3 from the
// qualifier's Invitations page; the first team accepts on its phone (a registration in the
// final), the second declines, and the fourth is offered the place.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, takeBrowserProblems } from "./browser";
import { api, createEvent, login, saveAndPublish } from "./events";
import { startStack, type Stack } from "./stack";
import { athletePhone } from "./athlete-phone";

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let qualifierId = "";
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;

type Athlete = { email: string; token: string; expiresAt: string };

/** An athlete account through the public API, confirmed with the link of the mail it queued. */
async function signUp(first: string, last: string): Promise<Athlete> {
  const email = `${first}.${last}.${Date.now()}@example.com`.toLowerCase();
  const password = "athlete-e2e-passphrase";
  await api(stack.baseUrl, null, "POST", "/athlete/sign-up", {
    email,
    password,
    firstName: first,
    lastName: last,
  });
  const box = await call<{ mails: { to: string; text: string }[] }>(
    "GET",
    "/mail-outbox/auth"
  );
  const link = /\/public\/athlete\/verify\?token=([A-Za-z0-9_%-]+)/.exec(
    box.mails.find((m) => m.to === email)?.text ?? ""
  )?.[1];
  expect(link, `confirmation mail to ${email}`).toBeTruthy();
  await api(stack.baseUrl, null, "POST", "/athlete/verify-email", {
    token: decodeURIComponent(link ?? ""),
  });
  const { token, expiresAt } = await api<{ token: string; expiresAt: string }>(
    stack.baseUrl,
    null,
    "POST",
    "/athlete/sign-in",
    { email, password }
  );
  return { email, token, expiresAt };
}

/** A phone (390×844) signed in as the athlete on the public site. */
async function phoneOf(athlete: Athlete): Promise<Page> {
  return athletePhone(browser, stack.baseUrl, athlete, contexts);
}

async function staffPage(
  width: number,
  height: number,
  next: string
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    viewport: { width, height },
  });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(next);
  await page.waitForURL("**/login");
  await page.getByLabel("Username").fill(stack.username);
  await page.getByLabel("Password").fill(stack.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`**${next}`);
  return page;
}

const captains: Athlete[] = [];

describe("invitations from an online qualifier to its final", () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) =>
      api<T>(stack.baseUrl, session.token, method, path, body);
    const window = {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
    };

    // The qualifier: online, five confirmed teams, Fran's results published (Team 1 fastest).
    const qualifier = await createEvent(session, {
      name: "Online Open 2026",
      dateFrom: "2026-03-01",
      dateTo: "2026-03-31",
      status: "PUBLISHED",
    });
    qualifierId = qualifier.id;
    const qDivision = (await qualifier.division("RX Pairs", "")).division.id;
    const fran = await qualifier.workout({
      name: "Fran",
      scoreType: "TIME",
      timeCapSeconds: 600,
      workoutOrder: 1,
    });
    await call("PUT", `/divisions/${qDivision}/registration`, {
      ...window,
      capacity: 20,
    });
    await call("PUT", `/events/${qualifierId}/online`, { format: "online" });
    const rows = [];
    for (let i = 1; i <= 5; i++) {
      const captain = await signUp(`Cap${i}`, "Final");
      const partner = await signUp(`Par${i}`, "Final");
      captains.push(captain);
      const reg = await api<{ shareCode: string }>(
        stack.baseUrl,
        captain.token,
        "POST",
        `/registration/events/${qualifierId}/registrations`,
        {
          divisionId: qDivision,
          teamName: `Team ${i}`,
        }
      );
      const done = await api<{ teamId: string }>(
        stack.baseUrl,
        partner.token,
        "POST",
        "/registration/accept",
        { code: reg.shareCode }
      );
      rows.push({
        teamId: done.teamId,
        workoutId: fran.id,
        resultValue: 100 * i,
      });
    }
    await saveAndPublish(session, rows);

    // The final: in person, its RX Pairs takes 3 teams.
    const final = await createEvent(session, {
      name: "The Final 2026",
      dateFrom: "2026-06-01",
      dateTo: "2026-06-02",
      status: "PUBLISHED",
    });
    const fDivision = (await final.division("RX Pairs", "")).division.id;
    await call("PUT", `/divisions/${fDivision}/registration`, {
      ...window,
      capacity: 3,
      waitlist: false,
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it("invites the top 3: the first accepts, the second declines, the fourth is offered the place", async () => {
    const desk = await staffPage(1440, 900, `/admin/events/${qualifierId}`);
    await desk.getByRole("link", { name: "Invitations" }).click();
    await desk
      .getByLabel("Final (in-person event)")
      .selectOption({ label: "The Final 2026" });
    await desk.getByRole("button", { name: "Link the final" }).click();
    const division = desk
      .getByTestId("final-division")
      .filter({ hasText: "RX Pairs → RX Pairs" });
    await division.getByText("0 of 3 places taken").waitFor();
    await division.getByLabel("Invite the top").fill("3");
    await division.getByRole("button", { name: "Invite", exact: true }).click();
    await division.getByText("3 of 3 places taken").waitFor();
    const row = (team: string) =>
      division.getByRole("row").filter({ hasText: team });
    for (const team of ["Team 1", "Team 2", "Team 3"])
      await row(team).getByText("Invited").waitFor();
    await row("Team 4").getByText("Not invited").waitFor();
    await screenshot(desk, "final-invitations-1440");

    // The final is full: a pick by hand is refused with the reason, nothing changes.
    await row("Team 4").getByRole("button", { name: "Invite Team 4" }).click();
    await division
      .getByRole("alert")
      .filter({
        hasText:
          "Invitation failed: RX Pairs in The Final 2026 has 0 places left",
      })
      .waitFor();
    await row("Team 4").getByText("Not invited").waitFor();

    // The first team accepts on a phone: its registration in the final appears.
    const first = await phoneOf(captains[0]);
    await first.goto("/public/me/registrations");
    const invitation = first
      .getByTestId("final-invitation")
      .filter({ hasText: "Team 1 is invited to The Final 2026" });
    await invitation
      .getByText(/A place is reserved for your team until/)
      .waitFor();
    await screenshot(first, "final-invitation-390");
    await invitation.getByRole("button", { name: "Accept" }).click();
    await invitation.getByText("Accepted", { exact: true }).waitFor();
    await first
      .getByTestId("my-registration")
      .filter({ hasText: "The Final 2026" })
      .waitFor();
    await screenshot(first, "final-invitation-accepted-390");

    // The second declines.
    const second = await phoneOf(captains[1]);
    await second.goto("/public/me/registrations");
    const declined = second
      .getByTestId("final-invitation")
      .filter({ hasText: "Team 2" });
    // Declining asks first, saying what happens; only the captain is offered it.
    await declined.getByRole("button", { name: "Decline…" }).click();
    const dialog = second.getByRole("dialog", { name: "Decline the invitation?" });
    await dialog
      .getByText(/The place goes at once to the next team of the standings/)
      .waitFor();
    await screenshot(second, "final-invitation-decline-dialog-390");
    await dialog.getByRole("button", { name: "Keep the invitation" }).click();
    await declined.getByText("Invited", { exact: true }).waitFor();
    await declined.getByRole("button", { name: "Decline…" }).click();
    await dialog
      .getByRole("button", { name: "Decline and give up the place" })
      .click();
    await declined.getByText("Declined", { exact: true }).waitFor();

    // The organiser sees the fourth offered the place; the places stay at the capacity.
    await desk.reload();
    await row("Team 1").getByText("Accepted").waitFor();
    await row("Team 2").getByText("Declined").waitFor();
    await row("Team 4").getByText("Invited").waitFor();
    await row("Team 5").getByText("Not invited").waitFor();
    await division.getByText("3 of 3 places taken").waitFor();
    await screenshot(desk, "final-invitations-after-1440");

    const fourth = await api<{
      invitations: { teamName: string; state: string }[];
    }>(
      stack.baseUrl,
      captains[3].token,
      "GET",
      "/registration/final-invitations"
    );
    expect(fourth.invitations[0]).toMatchObject({
      teamName: "Team 4",
      state: "invited",
    });
    expect(takeBrowserProblems()).toEqual([]);
  });
});
