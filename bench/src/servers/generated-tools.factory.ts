import 'reflect-metadata';
import { Args, Field, Tool, Tools } from 'elicitor';

type ClassType = new (...args: never[]) => object;

const TOOLS_PER_CLASS = 20;

function named<T extends ClassType>(cls: T, name: string): T {
  Object.defineProperty(cls, 'name', { value: name });
  return cls;
}

/** An `@Args()` DTO with one string field, decorated by hand the way the compiler would. */
function makeArgsClass(index: number): ClassType {
  const dto = named(class {}, `Generated${index}Args`);
  Reflect.defineMetadata('design:type', String, dto.prototype, 'text');
  Field({ description: `Text for tool ${index}` })(dto.prototype, 'text');
  return dto;
}

function addTool(toolsClass: ClassType, index: number): void {
  const prototype = toolsClass.prototype as Record<string, unknown>;
  const methodName = `generated${index}`;
  prototype[methodName] = async function (args: { text: string }): Promise<string> {
    return `${index}:${args.text}`;
  };
  Reflect.defineMetadata('design:paramtypes', [makeArgsClass(index)], prototype, methodName);
  Args()(prototype, methodName, 0);
  const descriptor = Object.getOwnPropertyDescriptor(prototype, methodName)!;
  Tool({ name: `generated_tool_${index}`, description: `Generated tool number ${index}` })(
    prototype,
    methodName,
    descriptor,
  );
}

/**
 * `count` decorated tools spread over `@Tools()` classes of 20 methods each, built in a loop with the
 * decorators applied as functions, so bootstrap can be measured at catalogue sizes no one writes by hand.
 */
export function generateToolClasses(count: number): ClassType[] {
  const classes: ClassType[] = [];
  for (let first = 0; first < count; first += TOOLS_PER_CLASS) {
    const toolsClass = named(class {}, `GeneratedTools${classes.length}`);
    for (let index = first; index < Math.min(count, first + TOOLS_PER_CLASS); index++)
      addTool(toolsClass, index);
    Tools()(toolsClass);
    classes.push(toolsClass);
  }
  return classes;
}
