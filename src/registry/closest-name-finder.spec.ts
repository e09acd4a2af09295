import { findClosestName } from './closest-name-finder.js';

describe('findClosestName', () => {
  const tools = ['pay_a_bill', 'access_github', 'list_invoices', 'echo'];

  it('finds a typo within a third of the length', () => {
    expect(findClosestName('pay_a_bil', tools)).toBe('pay_a_bill');
    expect(findClosestName('acess_github', tools)).toBe('access_github');
  });

  it('compares case and separators away', () => {
    expect(findClosestName('listInvoices', tools)).toBe('list_invoices');
    expect(findClosestName('ACCESS-GITHUB', tools)).toBe('access_github');
  });

  it('prefers the nearest name', () => {
    expect(findClosestName('ech', ['each', 'echo', 'etch'])).toBe('each');
    expect(findClosestName('echoo', ['each', 'echo'])).toBe('echo');
  });

  it('suggests nothing when nothing is close', () => {
    expect(findClosestName('refund_everything', tools)).toBeUndefined();
    expect(findClosestName('x', tools)).toBeUndefined();
    expect(findClosestName('anything', [])).toBeUndefined();
  });
});
