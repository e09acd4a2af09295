/** Base of internal signals that steer a call (not failures); result mapping lets them through untouched. */
export class ControlFlowSignal extends Error {}
