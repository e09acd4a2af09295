import 'reflect-metadata';
import { IsInt, IsString } from 'class-validator';
import { Catch, Field, Tool, Tools, UseFilters } from 'elicitor';
import type { ExceptionFilter } from 'elicitor';

/** A DTO: its data in own fields, its behaviour in methods. JSON carries it as it is. */
export class Receipt {
  @Field() @IsString() id: string;
  @Field() @IsInt() amount: number;

  constructor(id: string, amount: number) {
    this.id = id;
    this.amount = amount;
  }

  describe(): string {
    return `${this.id}: ${this.amount}`;
  }
}

/** Its total is a getter on the class, which JSON leaves out. */
export class Invoice {
  constructor(readonly lines: number[]) {}

  get total(): number {
    return this.lines.reduce((sum, line) => sum + line, 0);
  }
}

/** Answers any failure with a value JSON cannot carry: it is refused like a handler's own. */
@Catch()
export class MapAnsweringFilter implements ExceptionFilter {
  catch(): unknown {
    return { sizes: new Map([['m', 1]]) };
  }
}

/** Return values JSON cannot carry faithfully, the ones it can, and a thrown non-Error. */
@Tools()
export class ReturnValueTools {
  @Tool({ description: 'Returns a function' })
  returnsFunction(): unknown {
    return () => 'never sent';
  }

  @Tool({ description: 'Returns a symbol inside an object' })
  returnsSymbol(): unknown {
    return { tag: Symbol('tag') };
  }

  @Tool({ description: 'Returns a Map' })
  returnsMap(): unknown {
    return { sizes: new Map([['m', 1]]) };
  }

  @Tool({ description: 'Returns a class instance whose total is a getter' })
  returnsGetter(): unknown {
    return { invoice: new Invoice([2, 3]) };
  }

  @Tool({ description: 'Returns a BigInt' })
  returnsBigint(): unknown {
    return { total: 10n };
  }

  @Tool({ description: 'Returns an object that holds itself' })
  returnsCircular(): unknown {
    const node: Record<string, unknown> = { name: 'root' };
    node.children = [{ parent: node }];
    return node;
  }

  @Tool({ description: 'Returns an invalid Date deep inside' })
  returnsInvalidDate(): unknown {
    const when = new Date(Date.UTC(2026, 0, 1));
    return { items: [{ when }, { when }, { when: new Date('not a date') }] };
  }

  @Tool({ description: 'Returns undefined inside an array' })
  returnsArrayHole(): unknown {
    return { scores: [1, undefined, 3] };
  }

  @Tool({ description: 'Returns NaN' })
  returnsNan(): unknown {
    return { ratio: 0 / 0 };
  }

  @Tool({ description: 'Throws; its filter answers with a Map' })
  @UseFilters(MapAnsweringFilter)
  filterReturnsMap(): unknown {
    throw new Error('boom');
  }

  @Tool({ description: 'Returns a DTO, a Date and an absent field: all carried' })
  returnsPlainData(): unknown {
    return { receipt: new Receipt('r1', 7), at: new Date(Date.UTC(2026, 0, 2)), note: undefined };
  }

  @Tool({ description: 'Returns a DTO as structured output', output: Receipt })
  returnsStructuredDto(): Receipt {
    return new Receipt('r2', 9);
  }

  @Tool({ description: 'Throws a string' })
  stringBoom(): string {
    throw 'a string';
  }

  @Tool({ description: 'Throws a plain object' })
  objectBoom(): string {
    throw { reason: 'x'.repeat(500) };
  }
}
