let webGl: boolean | undefined;

/** Whether this browser offers WebGL, which the face detector needs (its CPU fallback would freeze the page). */
export function hasWebGl(): boolean {
  webGl ??= probeWebGl();
  return webGl;
}

function probeWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    // Browsers allow only a few contexts at once: this one was only a question.
    context?.getExtension('WEBGL_lose_context')?.loseContext();
    return context !== null;
  } catch {
    return false;
  }
}
