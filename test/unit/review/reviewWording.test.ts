// The words of the review: the files a revert left alone.
import { describe, expect, it } from 'vitest';
import { describeRevertRefusals } from '../../../src/review/reviewWording';

describe('describeRevertRefusals', () => {
  it('nothing refused: nothing to say', () => {
    expect(describeRevertRefusals([])).toBeUndefined();
  });

  it('names each refused file by its base name, with why, as a warning without actions', () => {
    const worded = describeRevertRefusals([
      { path: '/w/a/later.txt', reason: 'it changed after the agent wrote it' },
      { path: '/w/b.txt', reason: 'its content before the turn is unknown' },
    ]);
    expect(worded).toEqual({
      message: 'Not undone — later.txt: it changed after the agent wrote it; b.txt: its content before the turn is unknown.',
      severity: 'warning',
      actions: [],
    });
  });
});
