import { createRequire } from 'node:module';

/**
 * OpenCV's WASM build, loaded once and only when the gallery first needs it (7 MB of JavaScript the rest of the
 * engine never pays for).
 *
 * The Emscripten build installs process-wide 'uncaughtException' and 'unhandledRejection' handlers that abort
 * the whole process on any error anywhere; the server has its own. The listeners present before loading are
 * recorded and everything the build added is removed again, so loading it changes nothing outside this file.
 */

// The build's own typings are a stub; the few calls the gallery makes are typed where they are used.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenCv = any;

let loading: Promise<{ cv: OpenCv }> | undefined;

const EVENTS = ['uncaughtException', 'unhandledRejection'] as const;

/** Resolves to `{ cv }`: the module object is a thenable that resolves to itself, so it never travels bare in a promise. */
export function loadOpenCv(): Promise<{ cv: OpenCv }> {
  loading ??= new Promise<{ cv: OpenCv }>((resolve, reject) => {
    const listeners = (e: (typeof EVENTS)[number]) => process.listeners(e as 'uncaughtException') as unknown[];
    const before = new Map(EVENTS.map((e) => [e, new Set(listeners(e))]));
    const restore = () => {
      for (const e of EVENTS)
        for (const l of listeners(e))
          if (!before.get(e)!.has(l)) process.removeListener(e, l as (...args: unknown[]) => void);
    };
    try {
      const cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv;
      restore();
      if (cv.Mat) resolve({ cv });
      else
        cv.onRuntimeInitialized = () => {
          restore();
          resolve({ cv });
        };
    } catch (error) {
      restore();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
