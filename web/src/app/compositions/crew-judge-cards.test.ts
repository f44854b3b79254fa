import { describe, expect, it } from 'vitest';
import type { RotationSlot } from '@/features/crew/api/volunteer';
import type { JudgeLink } from '@/lib/api/types';
import { rotationPacket } from './crew-judge-cards';

const slot = (heatId: string, lane: number, volunteerId: string, judgeName: string) => ({ heatId, lane, volunteerId, judgeName }) as unknown as RotationSlot;
const link = (heatId: string, lanes: number[]) => ({ heatId, lanes }) as unknown as JudgeLink;

describe('the packet behind a judge card', () => {
  const packetOf = rotationPacket('ev1', [slot('h1', 1, 'v-ann', 'Ann'), slot('h1', 2, '', ''), slot('h2', 1, 'v-bo', 'Bo')]);

  it("is the rotation's judge of the card's one lane of one heat", () => {
    expect(packetOf(link('h1', [1]))).toEqual({ to: '/admin/events/ev1/crew/packet/v-ann', judgeName: 'Ann' });
    expect(packetOf(link('h2', [1]))).toEqual({ to: '/admin/events/ev1/crew/packet/v-bo', judgeName: 'Bo' });
  });

  it('is none for a gap, several lanes, every heat or a place the rotation does not know', () => {
    expect(packetOf(link('h1', [2]))).toBeUndefined();
    expect(packetOf(link('h1', [1, 2]))).toBeUndefined();
    expect(packetOf(link('', [1]))).toBeUndefined();
    expect(packetOf(link('h3', [1]))).toBeUndefined();
  });
});
