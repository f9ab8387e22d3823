// The approval-latency series, shared by the bench's two sides (host/approvals.test.ts in the extension host,
// hostBench.ts on the page).

/**
 * The ways requests come, each measured against a floor of the same QuickPick with nothing behind it:
 * - `consecutive`: the agent asks again as soon as an answer arrives (a turn's approvals one after another). Ours
 *   refills the QuickPick on screen; the floor is one QuickPick refilled as soon as it is answered.
 * - `one at a time`: the agent asks 500 ms after each answer, when our answered QuickPick and the status-bar item have
 *   gone. Ours and the floor show a new QuickPick each time, the floor's 500 ms after the last one hid.
 * - `just after the pick closed`: the agent asks 200 ms after each answer, once an answered QuickPick that stays for
 *   the next request (150 ms in ours) has hid, while VS Code still runs its 150 ms closing animation. The floor shows
 *   a new QuickPick 50 ms after the last hid.
 * The pauses are the bench's own: it reads nothing of the product's timing.
 * Titles name the series, so the runner can tell which QuickPick it saw.
 */
export const APPROVAL_SERIES = [
  { name: 'consecutive', pauseMs: 0, floor: 'refill', floorPauseMs: 0, floorTitle: 'bench refill', prefix: 'call' },
  { name: 'one at a time', pauseMs: 500, floor: 'new', floorPauseMs: 500, floorTitle: 'bench new', prefix: 'lone' },
  { name: 'just after the pick closed', pauseMs: 200, floor: 'new', floorPauseMs: 50, floorTitle: 'bench closing', prefix: 'late' },
] as const;
