// One bed with the extension's default settings (Manual mode, approvals in the workbench QuickPick) for the suites
// that need nothing else: commands acting on the chat the user is in, the composer, and the QuickPick approvals (last:
// it kills the agent). The chat-in-use suite comes first: run after the composer's, Quick Open listed no match for the
// file it had just written (a search cache of the workbench's; not ours to fix).
import { activeChatSuite } from './suites/activeChat';
import { composerSuite } from './suites/composer';
import { quickPickApprovalsSuite } from './suites/quickPickApprovals';
import { useChatBed } from './chatBed';

const bed = useChatBed();
activeChatSuite(bed);
composerSuite(bed);
quickPickApprovalsSuite(bed);
