export interface ElicitResult<T> { action: 'accept' | 'decline' | 'cancel'; content(): T | undefined; }
export interface FormParams<T> { readonly message: string; readonly schema?: new () => T; }
export interface FormBuilder { withSchema<T>(schema: new () => T): FormParams<T>; }
export declare class ElicitRequestParams { static form(message: string): FormBuilder; }
export interface Context { elicit<T>(key: string, params: FormParams<T>): Promise<ElicitResult<T>>; }
export declare function Tools(): ClassDecorator;
export declare function Tool(options?: { description?: string }): MethodDecorator;
export declare function Ctx(): ParameterDecorator;
export declare function ElicitSchema(): ClassDecorator;
export declare function Field(options?: { description?: string }): PropertyDecorator;
export interface CallInfo { tool: string; }
export interface ElicitorInterceptor { intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown>; }
export interface ElicitorOptions { name: string; version: string; tools: Function[]; providers?: Function[]; interceptors?: Function[]; }
export interface ListenOptions { http?: { port: number }; stdio?: boolean; }
export declare class Elicitor { static create(options: ElicitorOptions): Promise<Elicitor>; listen(options: ListenOptions): Promise<void>; }
