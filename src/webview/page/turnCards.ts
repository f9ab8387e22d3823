// Each turn's changed-files card, kept by change-set id and placed at the end of its turn (the note under the last
// card only), and the turns whose failed prompt was retried marked as such.
import type { TurnsView, WebviewToHost } from '../protocol/protocol';
import { ChangedFilesView } from './changedFilesView';
import type { TranscriptView } from './transcriptView';

export class TurnCards {
  private readonly cards = new Map<string, ChangedFilesView>();
  private turns: TurnsView = { changes: [], superseded: [] };

  constructor(
    private readonly post: (msg: WebviewToHost) => void,
    private readonly transcript: Pick<TranscriptView, 'placeAtTurnEnds'>,
  ) {}

  /** The turns' cards, made or updated, each at the end of its turn. */
  update(turns: TurnsView): void {
    this.turns = turns;
    const ids = new Set(turns.changes.map((c) => c.id));
    for (const id of [...this.cards.keys()]) if (!ids.has(id)) this.cards.delete(id);
    turns.changes.forEach((c, i) => {
      const card = this.cards.get(c.id) ?? new ChangedFilesView(this.post);
      this.cards.set(c.id, card);
      card.update(c, i === turns.changes.length - 1 ? turns.note : undefined);
    });
    this.place();
  }

  /** Puts the cards at their turns' ends again (a turn a card waits for may have come). */
  place(): void {
    const byTurn = new Map<number, HTMLElement[]>();
    for (const c of this.turns.changes) {
      const card = this.cards.get(c.id);
      if (card) byTurn.set(c.endUserIndex, [...(byTurn.get(c.endUserIndex) ?? []), card.node]);
    }
    this.transcript.placeAtTurnEnds(byTurn, new Set(this.turns.superseded));
  }
}
