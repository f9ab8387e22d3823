// The owner of each chat's parts: made once per chat the first time anything asks, in the order capabilities
// registered (a part may read one registered before it), disposed with its chat, the last made first.
import { describe, expect, it } from 'vitest';
import { Emitter } from '../../../src/acpClient/events';
import type { Chat } from '../../../src/chat/chat';
import { ChatParts, partKey, type ChatPartBase } from '../../../src/chat/chatParts';

interface Named extends ChatPartBase {
  name: string;
  earlier?: Named;
}

function setUp() {
  const removed = new Emitter<Chat>();
  const parts = new ChatParts<Named>({ onDidRemove: removed.event });
  const log: string[] = [];
  const part = (name: string, earlier?: Named): Named => {
    log.push(`make ${name}`);
    return { name, earlier, dispose: () => log.push(`dispose ${name}`) };
  };
  return { removed, parts, log, part };
}

const chatA = { id: 'a' } as unknown as Chat;
const chatB = { id: 'b' } as unknown as Chat;

describe('ChatParts', () => {
  it('makes a chat’s parts once, in registration order, and a part reads an earlier one', () => {
    const { parts, log, part } = setUp();
    const FIRST = partKey<Named>('first');
    const SECOND = partKey<Named>('second');
    parts.register(FIRST, () => part('first'));
    parts.register(SECOND, (chat) => part('second', parts.get(chat, FIRST)));
    const second = parts.get(chatA, SECOND);
    expect(second.earlier).toBe(parts.get(chatA, FIRST));
    expect(parts.all(chatA).map((p) => p.name)).toEqual(['first', 'second']);
    expect(log).toEqual(['make first', 'make second']);
    parts.get(chatB, FIRST);
    expect(log).toEqual(['make first', 'make second', 'make first']);
  });

  it('asking for the first part makes only what precedes it', () => {
    const { parts, log, part } = setUp();
    const FIRST = partKey<Named>('first');
    parts.register(FIRST, () => part('first'));
    parts.register(partKey<Named>('second'), () => part('second'));
    parts.get(chatA, FIRST);
    expect(log).toEqual(['make first']);
  });

  it('a part that asks for a later one, or for itself, fails instead of looping', () => {
    const { parts, part } = setUp();
    const LATER = partKey<Named>('later');
    const SELF = partKey<Named>('self');
    parts.register(partKey<Named>('early'), (chat) => part('early', parts.get(chat, LATER)));
    parts.register(LATER, () => part('later'));
    expect(() => parts.all(chatA)).toThrow(/later: no such part/);
    const other = setUp();
    other.parts.register(SELF, (chat) => other.part('self', other.parts.get(chat, SELF)));
    expect(() => other.parts.all(chatA)).toThrow(/self: no such part/);
  });

  it('a key is registered once', () => {
    const { parts, part } = setUp();
    parts.register(partKey<Named>('one'), () => part('one'));
    expect(() => parts.register(partKey<Named>('one'), () => part('one'))).toThrow(/registered once/);
  });

  it('disposes a removed chat’s parts, the last made first, and the rest on dispose', () => {
    const { removed, parts, log, part } = setUp();
    parts.register(partKey<Named>('first'), () => part('first'));
    parts.register(partKey<Named>('second'), () => part('second'));
    parts.all(chatA);
    parts.all(chatB);
    log.length = 0;
    removed.fire(chatA);
    expect(log).toEqual(['dispose second', 'dispose first']);
    log.length = 0;
    parts.dispose();
    expect(log).toEqual(['dispose second', 'dispose first']);
    removed.fire(chatB);
    expect(log).toEqual(['dispose second', 'dispose first']);
  });
});
