/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "1" or "true" shows the hidden plan cards on /pricing at build time. */
  readonly VITE_SHOW_PLANS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
