import { injectable } from 'inversify';

@injectable()
export class Accounts {
  private readonly owners = new Map([['acc-1', 'Ada Lovelace']]);

  async describe(id: string): Promise<string> {
    const owner = this.owners.get(id);
    if (!owner) throw new Error(`no account ${id}`);
    return `${id} belongs to ${owner}`;
  }
}
