import type { ValidationRule } from './class-validator.adapter.js';

const CONDITIONAL_VALIDATION = 'conditionalValidation';

/** The class-validator rules of one property, looked up by name (`isEmail`, `max`, ...). */
export class ValidationRuleSet {
  private readonly byName = new Map<string, ValidationRule[]>();

  /** `each` picks the rules written with `{ each: true }`, which apply to array elements. */
  constructor(rules: readonly ValidationRule[], each: boolean) {
    for (const rule of rules) {
      if (Boolean(rule.each) !== each) continue;
      const name = rule.name ?? rule.type;
      this.byName.set(name, [...(this.byName.get(name) ?? []), rule]);
    }
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  get isEmpty(): boolean {
    return this.byName.size === 0;
  }

  /** The constraints of every occurrence of a rule, e.g. `[[1, 80]]` for one `@Length(1, 80)`. */
  constraints(name: string): unknown[][] {
    return (this.byName.get(name) ?? []).map((rule) => rule.constraints ?? []);
  }

  /** The numbers found at one constraint position, e.g. every `@Min(n)`'s `n`. */
  numbers(name: string, position = 0): number[] {
    return this.constraints(name)
      .map((constraints) => constraints[position])
      .filter((value): value is number => typeof value === 'number');
  }

  /** `@IsOptional()` and `@ValidateIf()` both let the property be absent. */
  get allowsAbsence(): boolean {
    return [...this.byName.values()].some((rules) =>
      rules.some((rule) => rule.type === CONDITIONAL_VALIDATION),
    );
  }
}
