/** A person answering the approval form. */
export function approver(decision: 'approve' | 'reject', comment?: string) {
  return (): Record<string, unknown> => ({
    action: 'accept',
    content: { decision, approver: 'grace@example.com', ...(comment === undefined ? {} : { comment }) },
  });
}

/** An answer the test releases whenever it likes: the person who never answers in time. */
export function slowApprover(): {
  answer: () => Promise<Record<string, unknown>>;
  release: () => void;
  asked: Promise<void>;
} {
  let release!: () => void;
  let markAsked!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  return {
    answer: async () => {
      markAsked();
      await released;
      return { action: 'accept', content: { decision: 'approve', approver: 'late@example.com' } };
    },
    release,
    asked,
  };
}
