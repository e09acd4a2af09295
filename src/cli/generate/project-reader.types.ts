/** Reads project files by root-relative `/` paths; the action backs it with the disk, specs with a map. */
export interface ProjectReader {
  exists(path: string): boolean;
  read(path: string): string;
}
