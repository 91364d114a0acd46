/**
 * `array(item)`: a list whose items are judged by one schema. Casting casts every item (even a strict one: yup's
 * rule), errors come item by item, then the list's own (min, max, length).
 */
import { messages } from './messages';
import { Schema, childPath, type CastOptions, type Node, type Run } from './Schema';
import { castField, judgeField, toFieldSchema, type FieldSchema } from './lazy';
import type {
  Defined,
  DefaultThunk,
  Flags,
  ISchema,
  SchemaDescription,
  Maybe,
  Message,
  NotNull,
  Optionals,
  ToggleDefault,
} from './types';

export class ArraySchema<
  TIn extends readonly unknown[] | null | undefined,
  TDefault = undefined,
  TFlags extends Flags = '',
> extends Schema<TIn, TDefault, TFlags> {
  readonly type: string = 'array';
  readonly innerType: FieldSchema | undefined;

  constructor(inner?: ISchema<unknown>) {
    super();
    this.innerType = inner === undefined ? undefined : toFieldSchema(inner);
  }

  protected typeCheck(value: unknown): boolean {
    return Array.isArray(value);
  }

  of<U>(inner: ISchema<U>): ArraySchema<U[] | Optionals<TIn>, TDefault, TFlags> {
    const next = this.clone();
    Object.assign(next, { innerType: toFieldSchema(inner) });
    return next as unknown as ArraySchema<U[] | Optionals<TIn>, TDefault, TFlags>;
  }

  json(): this {
    return this.transform((value) => {
      if (typeof value !== 'string') return value;
      try {
        const parsed: unknown = JSON.parse(value);
        return this.isType(parsed) ? parsed : value;
      } catch {
        return value;
      }
    });
  }

  length(length: number, message: Message = messages.array.length): this {
    return this.addTest({
      name: 'length',
      message,
      params: { length },
      exclusive: true,
      skipAbsent: true,
      check: (value: readonly unknown[]) => value.length === length,
    });
  }
  min(min: number, message: Message = messages.array.min): this {
    return this.addTest({
      name: 'min',
      message,
      params: { min },
      exclusive: true,
      skipAbsent: true,
      check: (value: readonly unknown[]) => value.length >= min,
    });
  }
  max(max: number, message: Message = messages.array.max): this {
    return this.addTest({
      name: 'max',
      message,
      params: { max },
      exclusive: true,
      skipAbsent: true,
      check: (value: readonly unknown[]) => value.length <= max,
    });
  }

  default<D extends Maybe<TIn>>(def: DefaultThunk<D>): ArraySchema<TIn, D, ToggleDefault<TFlags, D>> {
    return this.withDefault(def) as unknown as ArraySchema<TIn, D, ToggleDefault<TFlags, D>>;
  }
  defined(message?: Message): ArraySchema<Defined<TIn>, TDefault, TFlags> {
    return this.setDefined(message) as unknown as ArraySchema<Defined<TIn>, TDefault, TFlags>;
  }
  optional(): ArraySchema<TIn | undefined, TDefault, TFlags> {
    return this.setOptional() as unknown as ArraySchema<TIn | undefined, TDefault, TFlags>;
  }
  required(message?: Message): ArraySchema<NonNullable<TIn>, TDefault, TFlags> {
    return this.setRequired(message) as unknown as ArraySchema<NonNullable<TIn>, TDefault, TFlags>;
  }
  nullable(): ArraySchema<TIn | null, TDefault, TFlags> {
    return this.setNullable() as unknown as ArraySchema<TIn | null, TDefault, TFlags>;
  }
  nonNullable(message?: Message): ArraySchema<NotNull<TIn>, TDefault, TFlags> {
    return this.setNonNullable(message) as unknown as ArraySchema<NotNull<TIn>, TDefault, TFlags>;
  }

  override castValue(input: unknown, options: CastOptions): unknown {
    const value = super.castValue(input, options);
    const inner = this.innerType;
    if (!Array.isArray(value) || !inner) return value;
    let changed = false;
    const cast = value.map((item: unknown) => {
      const c = castField(inner, item, options);
      if (c !== item) changed = true;
      return c;
    });
    return changed ? cast : value;
  }

  override judge(value: unknown, node: Node, run: Run): void {
    const before = run.errors.length;
    super.judge(value, node, run);
    const inner = this.innerType;
    if (!inner || !Array.isArray(value)) return;
    const own = run.errors.splice(before);
    const original: unknown = node.originalValue ?? value;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      judgeField(
        inner,
        item,
        {
          path: childPath(node.path, i),
          parent: value,
          originalValue: Array.isArray(original) ? original[i] : undefined,
        },
        run,
      );
    }
    run.errors.push(...own);
  }

  override describe(): SchemaDescription {
    const base = super.describe();
    if (this.innerType) base.innerType = this.innerType.describe();
    return base;
  }
}

export function array<T = unknown>(inner?: ISchema<T>): ArraySchema<T[] | undefined> {
  return new ArraySchema<T[] | undefined>(inner);
}
