/** The part of an OpenTelemetry `TracerProvider` Elicitor uses (kept structural, so the API stays optional). */
export interface TracerProviderLike {
  getTracer(name: string, version?: string): object;
}

/** OpenTelemetry settings: spans are made only when `@opentelemetry/api` is installed. */
export interface TracingOptions {
  /** Where spans go. Default: the global provider that an OpenTelemetry SDK registers. */
  tracerProvider?: TracerProviderLike;
}
