// The door's camera (docs/registration.md, "Check-in"): the check-in screen's page may use the
// camera (the gateway's Permissions-Policy allows it there and nowhere else), so "Scan a QR code"
// opens it on a phone and reads a code, also when the screen was reached from another page of the
// app; with the camera refused the screen says so truly and the search still works.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { signIn } from './console';
import { createEvent, login } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';

/** A Y4M video of one frame showing text as a QR code, for Chromium's fake camera. */
function qrVideo(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const width = 640;
  const height = 480;
  const scale = 10;
  const side = (qr.modules.size + 8) * scale; // 4 modules of quiet zone each side
  const left = (width - side) / 2;
  const top = (height - side) / 2;
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const mx = Math.floor(x / scale) - 4;
      const my = Math.floor(y / scale) - 4;
      const dark = mx >= 0 && my >= 0 && mx < qr.modules.size && my < qr.modules.size && qr.modules.get(my, mx);
      if (dark) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const file = join(mkdtempSync(join(tmpdir(), 'podium-camera-')), 'qr.y4m');
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma, chroma]));
  return file;
}

/** A page of context signed in as staff through the login page, which sends it on to next. */
async function signedIn(context: BrowserContext, next: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(next);
  await page.waitForURL('**/login');
  await signIn(page, stack);
  await page.waitForURL(`**${next}`);
  return page;
}

/** The door's phone, signed in, on next. */
async function doorPhone(next: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  contexts.push(context);
  return signedIn(context, next);
}

/** Whether the page's document may use the camera (Chromium's own answer). */
function allowsCamera(page: Page): Promise<boolean> {
  return page.evaluate(() => (document as unknown as { featurePolicy: { allowsFeature(f: string): boolean } }).featurePolicy.allowsFeature('camera'));
}

/** Whether the scanner's video shows the camera's frames. */
function playing(page: Page): Promise<boolean> {
  return page.locator('video').evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0);
}

describe('the check-in camera', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo('not-a-podium-code')}`,
    ]);
    const session = await login(stack.baseUrl, stack.username, stack.password);
    const event = await createEvent(session, { name: 'Door Games', dateFrom: '2026-12-05', dateTo: '2026-12-06', status: 'PUBLISHED' });
    eventId = event.id;
    await event.division('Open Pairs', '', [
      { name: 'Adler & Berg', athlete1Name: 'Anna Adler', athlete2Name: 'Ben Berg' },
      { name: 'No Show Crew', athlete1Name: 'Nora Nobody', athlete2Name: 'Ned Nobody' },
    ]);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('opens the camera on the check-in screen and reads a code', async () => {
    // Reached from the event's page inside the app, the document is that page's, whose policy
    // refuses the camera: the screen loads itself again and the scanner opens as it loads.
    const door = await doorPhone(`/admin/events/${eventId}`);
    expect(await allowsCamera(door)).toBe(false);
    await door.getByRole('link', { name: 'Check-in' }).click();
    await door.waitForURL(`**/admin/events/${eventId}/check-in`);
    await door.getByRole('button', { name: 'Scan a QR code' }).click();
    await door.waitForURL(`**/admin/events/${eventId}/check-in?scan=1`);
    expect(await allowsCamera(door)).toBe(true);
    await expect.poll(() => playing(door), { timeout: 15_000 }).toBe(true);
    // The code the camera shows reached the server, which refused it as no check-in code.
    await door.getByRole('alert').filter({ hasText: 'Scan refused: This QR code is not a Podium check-in code' }).waitFor();
    await screenshot(door, 'check-in-camera-390');
    await door.getByRole('button', { name: 'Close camera' }).click();

    // Opened directly, the page may use the camera at once.
    await door.goto(`/admin/events/${eventId}/check-in`);
    await door.getByRole('button', { name: 'Scan a QR code' }).click();
    await expect.poll(() => playing(door), { timeout: 15_000 }).toBe(true);
    expect(door.url()).not.toContain('scan=');
  });

  it('says the camera was refused when it was, and the search still finds the team', async () => {
    // A browser that asks the person (no fake answer): headless, the question is refused.
    const asking = await launchBrowser(['--use-fake-device-for-media-stream']);
    try {
      const context = await asking.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const door = await signedIn(context, `/admin/events/${eventId}/check-in`);
      await door.getByRole('button', { name: 'Scan a QR code' }).click();
      const alert = door.getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toBe(
        "Camera access was refused. Allow the camera for this site in the browser's settings, then try again. Search the team by name instead.",
      );
      await door.getByLabel('Search team or athlete').fill('berg');
      await expect(door.getByTestId('check-in-team').count()).resolves.toBe(1);
      await door.getByTestId('check-in-team').getByRole('button', { name: 'Present' }).click();
      await door.getByRole('button', { name: 'Present', pressed: true }).waitFor();
      await screenshot(door, 'check-in-camera-refused-390');
      await context.close();
    } finally {
      await asking.close();
    }
  });
});
