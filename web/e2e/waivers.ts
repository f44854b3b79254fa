// A minor's waiver in the browser (docs/waivers.md): the athlete's steps on My registrations up
// to the mail to their guardian, and the guardian's on the mailed link.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser';

/** On My registrations: the minor types their name and birth date, is asked for a guardian
 * (what was typed stays), and sends the waiver to the guardian's address. */
export async function sendWaiverToGuardian(phone: Page, fullName: string, birthDate: string, guardianEmail: string): Promise<void> {
  await phone.getByText('Waiver missing: read and accept it before the event.').waitFor();
  await phone.getByRole('button', { name: 'Read and accept the waiver' }).click();
  await phone.getByLabel('Your full name').fill(fullName);
  await phone.getByLabel('Birth date').fill(birthDate);
  await phone.getByRole('button', { name: 'I accept the waiver (version 1)' }).click();
  // Under 18 on the event date: the server asks for the guardian; what was typed stays.
  await phone.getByText("You are under 18 on the event date: give your guardian's email address").waitFor();
  expect(await phone.getByLabel('Your full name').inputValue()).toBe(fullName);
  await phone.getByLabel("Guardian's email address").fill(guardianEmail);
  await phone.getByRole('button', { name: 'Send the waiver to my guardian' }).click();
  // Sent: the form closes and the card says where the link went, with "Send again".
  await phone.getByText(`Sent to ${guardianEmail} — waiting for the guardian`).waitFor();
  expect(await phone.getByLabel('Your full name').count()).toBe(0);
  await phone.getByRole('button', { name: 'Send again' }).waitFor();
}

/** The guardian on the mailed link (path: /public/waiver/guardian/…): reads the minor's waiver,
 * types their own name and accepts; the link then works no more. shot names the screenshots. */
export async function guardianAccepts(page: Page, path: string, minor: string, event: string, guardian: string, waiverText: string, shot: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: `Waiver for ${minor} at ${event}` }).waitFor();
  await page.getByText(waiverText).waitFor();
  await screenshot(page, `${shot}-link-390`);
  await page.getByLabel('Your full name (guardian)').fill(guardian);
  await page.getByRole('button', { name: `I accept the waiver for ${minor}` }).click();
  await page.getByRole('status').waitFor();
  await screenshot(page, `${shot}-accepted-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The link works once.
  await page.reload();
  await page.getByRole('alert').waitFor();
  expect(await page.getByRole('button', { name: `I accept the waiver for ${minor}` }).count()).toBe(0);
}
