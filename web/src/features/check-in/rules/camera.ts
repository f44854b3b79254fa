// What the check-in screen says when the door's camera does not open (docs/registration.md,
// "Check-in"): each message names what really happened and what the person at the door can do,
// which is always to find the team by name.

/** What the browser told us: the page's permissions policy (null when the browser cannot say),
 * whether it has a camera API at all (not on plain http), and the error getUserMedia threw;
 * reloaded says the page was loaded again to get the camera (scanParam). */
export type CameraFailure = { pageAllowsCamera: boolean | null; hasCameraApi: boolean; errorName: string; reloaded?: boolean };

/** The check-in screen's query parameter that opens the scanner as the page loads: the screen
 * loads itself again with it when its document may not use the camera. */
export const scanParam = 'scan';

const SEARCH = 'Search the team by name instead.';

export function cameraFailureMessage({ pageAllowsCamera, hasCameraApi, errorName, reloaded = false }: CameraFailure): string {
  if (!hasCameraApi) return `This browser offers no camera on this connection (it needs https). ${SEARCH}`;
  // The page's own policy refuses the camera (it was opened from another page of the app, whose
  // policy the browser keeps): a page load of its own allows it; no browser setting can.
  if (pageAllowsCamera === false && !reloaded) return `This page was opened without camera access: reload it to scan. ${SEARCH}`;
  if (pageAllowsCamera === false) return `The site does not let this page use the camera. ${SEARCH}`;
  switch (errorName) {
    case 'NotAllowedError':
    case 'SecurityError':
      return `Camera access was refused. Allow the camera for this site in the browser's settings, then try again. ${SEARCH}`;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return `No camera was found on this device. ${SEARCH}`;
    case 'NotReadableError':
    case 'AbortError':
      return `The camera is in use by another app or could not start. Close that app and try again. ${SEARCH}`;
  }
  return `The camera could not be opened. ${SEARCH}`;
}

type PolicyDocument = { permissionsPolicy?: { allowsFeature(f: string): boolean }; featurePolicy?: { allowsFeature(f: string): boolean } };

/** Whether the document's permissions policy lets it use the camera; null when the browser does
 * not say (only Chromium does; the others have no such policy to refuse it). */
export function pageAllowsCamera(doc: Document): boolean | null {
  const d = doc as unknown as PolicyDocument;
  const policy = d.permissionsPolicy ?? d.featurePolicy;
  return policy ? policy.allowsFeature('camera') : null;
}
