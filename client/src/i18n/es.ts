import type { MessageKey } from './en';
import { en } from './en';

export const es: Record<MessageKey, string> = { ...en };
