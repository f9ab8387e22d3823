// Following the conversation's end: while the user is at the end of the chat, it scrolls itself there as output
// arrives; a scroll up stops that, and a scroll back to the end (or sending, or a snapshot) starts it again.

/** Distance from the bottom (px) within which the view keeps following new output. */
const STICK_THRESHOLD = 40;

export class EndFollower {
  /** Whether the view follows the end. */
  following = true;
  /** Where the chat last scrolled to itself to follow the end: only a scroll above it is the user leaving the end. */
  private followedTo = 0;

  /** `onScroll`: after each scroll of `scroller`, with whether the view follows the end now. */
  constructor(
    private readonly scroller: HTMLElement,
    onScroll: (following: boolean) => void,
  ) {
    scroller.addEventListener('scroll', () => {
      const top = scroller.scrollTop;
      const atEnd = scroller.scrollHeight - top - scroller.clientHeight < STICK_THRESHOLD;
      // The scroll event of the chat's own scroll to the end can come after more arrived (a message handled in
      // between): the end moved away, the user did not.
      this.following = atEnd || (this.following && top >= this.followedTo - 1);
      onScroll(this.following);
    });
  }

  /** Scrolls to the end, if the view follows it. */
  scroll(): void {
    if (!this.following) return;
    this.scroller.scrollTop = this.scroller.scrollHeight;
    this.followedTo = this.scroller.scrollTop;
  }
}
