import { cancelledQuestionLine, type CancelledQuestion } from './cancelled-question.formatter.js';

describe('cancelledQuestionLine', () => {
  const question: CancelledQuestion = {
    call: 'tool "deploy"',
    questionId: 'approve~2',
    method: 'elicitation/create',
    waitedMs: 60_049,
    reason: 'Request timed out',
    hadProgressToken: false,
    keepAliveMs: 15_000,
  };

  it('names the call, the key, the wait and the reason, and points at the request timeout', () => {
    const line = cancelledQuestionLine(question);
    expect(line).toMatch(
      /^The client cancelled tool "deploy" while question "approve" \(elicitation\/create\) had waited 60\.0 s for an answer \(reason: Request timed out\)\. /,
    );
    expect(line).toMatch(/send a progressToken and reset its timeout on progress \(resetTimeoutOnProgress\)/);
    expect(line).not.toMatch(/\n/);
  });

  it('blames a timeout that does not reset, or a total limit, when progress was sent', () => {
    const line = cancelledQuestionLine({ ...question, hadProgressToken: true });
    expect(line).toMatch(/got notifications\/progress every 15 s/);
    expect(line).toMatch(/maxTotalTimeout/);
  });

  it('points at the keep-alive when the server sends none', () => {
    const line = cancelledQuestionLine({ ...question, hadProgressToken: true, keepAliveMs: 0 });
    expect(line).toMatch(/set legacyKeepAliveMs/);
  });

  it('keeps the # of an unkeyed question', () => {
    expect(cancelledQuestionLine({ ...question, questionId: '#0~1' })).toMatch(/question "#0"/);
  });
});
