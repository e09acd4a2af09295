import { injectable } from 'inversify';

/** The contacts to import, in batches; a real app reads them from a file or another service. */
@injectable()
export class AddressBook {
  readonly imported: string[] = [];

  batches(): string[] {
    return ['a-f', 'g-m', 'n-s', 't-z'];
  }

  importBatch(batch: string, list: string): void {
    this.imported.push(`${batch} → ${list}`);
  }
}
