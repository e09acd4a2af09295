import type { GeneratedFile } from '../../shared/generated-file.types.js';
import { appModuleTemplate } from './app-module.template.js';
import { gitignoreTemplate } from './gitignore.template.js';
import { greeterToolSpecTemplate } from './greeter-tool-spec.template.js';
import { greeterToolTemplate } from './greeter-tool.template.js';
import { jestConfigTemplate } from './jest-config.template.js';
import { mainTemplate } from './main.template.js';
import { greeterModuleTemplate } from './greeter-module.template.js';
import { greetingServiceTemplate } from './greeting-service.template.js';
import { nameFormTemplate } from './name-form.template.js';
import { packageJsonTemplate } from './package-json.template.js';
import type { ProjectOptions } from './project-options.types.js';
import { readmeTemplate } from './readme.template.js';
import { tsconfigJsonTemplate } from './tsconfig-json.template.js';

/** Every file `elicitor new` writes, in a stable order. */
export function projectFilesTemplate(options: ProjectOptions): GeneratedFile[] {
  return [
    { path: '.gitignore', content: gitignoreTemplate() },
    { path: 'README.md', content: readmeTemplate(options) },
    { path: 'jest.config.mjs', content: jestConfigTemplate(options) },
    { path: 'package.json', content: packageJsonTemplate(options) },
    { path: 'tsconfig.json', content: tsconfigJsonTemplate() },
    { path: 'src/main.ts', content: mainTemplate(options) },
    { path: 'src/app.module.ts', content: appModuleTemplate() },
    { path: 'src/greeter/greeter.module.ts', content: greeterModuleTemplate() },
    { path: 'src/greeter/greeter.tool.ts', content: greeterToolTemplate() },
    { path: 'src/greeter/greeter.tool.spec.ts', content: greeterToolSpecTemplate() },
    { path: 'src/greeter/greeting.service.ts', content: greetingServiceTemplate() },
    { path: 'src/greeter/name.form.ts', content: nameFormTemplate() },
  ];
}
