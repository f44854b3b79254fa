/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_HANDSONTABLE_LICENSE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
