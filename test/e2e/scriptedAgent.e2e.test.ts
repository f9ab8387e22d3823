// One bed running the scripted agent (test/fixtures/scriptedAgent), approvals inline, for what the Claude adapter
// cannot be made to send: hostile text in every field, and ten approvals at once across three chats.
import { hostileContentSuite } from './suites/hostileContent';
import { manyApprovalsSuite } from './suites/manyApprovals';
import { useChatBed } from './chatBed';

const bed = useChatBed({ settings: { 'acpChat.permissions.prompt': 'inline' }, scriptedAgent: true });
hostileContentSuite(bed);
manyApprovalsSuite(bed);
