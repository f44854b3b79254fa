import { describe, expect, it } from 'vitest';
import { cameraFailureMessage, pageAllowsCamera } from './camera';

const allowed = { pageAllowsCamera: true, hasCameraApi: true };

describe('the check-in camera messages', () => {
  it('tells a refused permission from a camera the page may not use', () => {
    expect(cameraFailureMessage({ ...allowed, errorName: 'NotAllowedError' })).toBe(
      "Camera access was refused. Allow the camera for this site in the browser's settings, then try again. Search the team by name instead.",
    );
    // The browser throws the same NotAllowedError when the page's policy refuses the camera:
    // only the policy tells them apart, and no browser setting helps then.
    expect(cameraFailureMessage({ pageAllowsCamera: false, hasCameraApi: true, errorName: 'NotAllowedError' })).toBe(
      'This page was opened without camera access: reload it to scan. Search the team by name instead.',
    );
    // Loaded again for the camera and still refused: the site's headers, not the browser.
    expect(cameraFailureMessage({ pageAllowsCamera: false, hasCameraApi: true, errorName: 'NotAllowedError', reloaded: true })).toBe(
      'The site does not let this page use the camera. Search the team by name instead.',
    );
  });

  it('says when there is no camera, or no camera API', () => {
    expect(cameraFailureMessage({ ...allowed, errorName: 'NotFoundError' })).toBe('No camera was found on this device. Search the team by name instead.');
    expect(cameraFailureMessage({ pageAllowsCamera: null, hasCameraApi: false, errorName: 'TypeError' })).toMatch(/^This browser offers no camera/);
    expect(cameraFailureMessage({ ...allowed, errorName: 'NotReadableError' })).toMatch(/in use by another app/);
    expect(cameraFailureMessage({ pageAllowsCamera: null, hasCameraApi: true, errorName: 'Weird' })).toBe(
      'The camera could not be opened. Search the team by name instead.',
    );
  });

  it("reads the document's policy where the browser has one", () => {
    const policy = (camera: boolean) => ({ allowsFeature: (f: string) => f !== 'camera' || camera });
    expect(pageAllowsCamera({ permissionsPolicy: policy(false) } as unknown as Document)).toBe(false);
    expect(pageAllowsCamera({ featurePolicy: policy(true) } as unknown as Document)).toBe(true);
    expect(pageAllowsCamera({} as unknown as Document)).toBeNull();
  });
});
