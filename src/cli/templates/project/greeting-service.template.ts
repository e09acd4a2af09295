export function greetingServiceTemplate(): string {
  return `import { injectable } from 'inversify';

/** Private to the greeter module, which provides it; list it in \`exports\` to share it. */
@injectable()
export class GreetingService {
  greet(name: string): string {
    return \`Hello, \${name}!\`;
  }
}
`;
}
