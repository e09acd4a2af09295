import type { BuildActionOptions } from '../actions/build.action.js';
import type { CallActionOptions } from '../actions/call.action.js';
import type { FormsActionOptions } from '../actions/forms.action.js';
import type { GenerateActionOptions } from '../actions/generate.action.js';
import type { InspectActionOptions } from '../actions/inspect.action.js';
import type { NewActionOptions } from '../actions/new.action.js';

/** What each command runs once its argv is parsed; each returns the process exit code. */
export interface CliHandlers {
  newProject(options: NewActionOptions): Promise<number>;
  generate(options: GenerateActionOptions): Promise<number>;
  call(options: CallActionOptions): Promise<number>;
  inspect(options: InspectActionOptions): Promise<number>;
  forms(options: FormsActionOptions): Promise<number>;
  build(options: BuildActionOptions): Promise<number>;
}
