export { ExportImageButton } from './export-image-button';
export type { ExportEntry, ExportImageProps } from './rules';
