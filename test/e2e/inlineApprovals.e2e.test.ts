// One bed with approvals answered in the chat (acpChat.permissions.prompt = inline) for the chat view's suite and the
// themes and accessibility suite (in a new conversation of its own).
import { accessibilitySuite } from './suites/accessibility';
import { chatViewSuite } from './suites/chatView';
import { useChatBed } from './chatBed';

const bed = useChatBed({ settings: { 'acpChat.permissions.prompt': 'inline' } });
chatViewSuite(bed);
accessibilitySuite(bed);
