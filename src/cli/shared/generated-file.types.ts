/** A file a command creates, with a path relative to the project root (always `/`-separated). */
export interface GeneratedFile {
  path: string;
  content: string;
}
