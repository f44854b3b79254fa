// The judge links in use (docs/judging.md): show a card again, revoke one, revoke all. A
// revoked link's phone gets 401 on its next call; what it holds stays on the phone.
import { Button } from '@/components/button';
import { InlineAlert, failureText } from '@/components/inline-alert';
import { Table, Td, Th, Tr } from '@/components/table';
import type { JudgeLink } from '@/lib/api/types';
import { useJudgeLinkCard, useJudgeLinks, useRevokeJudgeLink, useRevokeJudgeLinks } from '../api/judge-links';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function JudgeLinksList({ eventId, onCard }: { eventId: string; onCard: (link: JudgeLink) => void }) {
  const links = useJudgeLinks(eventId);
  const card = useJudgeLinkCard();
  const revoke = useRevokeJudgeLink();
  const revokeAll = useRevokeJudgeLinks(eventId);
  const list = links.data ?? [];
  const failure =
    (card.isError && failureText('The card could not be shown', card.error)) ||
    (revoke.isError && failureText('The link was not revoked', revoke.error)) ||
    (revokeAll.isError && failureText('The links were not revoked', revokeAll.error)) ||
    (links.isError && failureText('The links could not be loaded', links.error)) ||
    null;

  return (
    <div className="space-y-3">
      <InlineAlert message={failure} />
      {list.length === 0 && !links.isPending && <p className="text-sm text-slate-500">No judge links in use.</p>}
      {list.length > 0 && (
        <>
          <Table>
            <thead>
              <tr>
                <Th>Card</Th>
                <Th>Workout</Th>
                <Th>Made by</Th>
                <Th>Works until</Th>
                <Th className="text-right">Actions</Th>
              </tr>
            </thead>
            <tbody>
              {list.map((l) => (
                <Tr key={l.id}>
                  <Td className="font-medium">{l.label}</Td>
                  <Td>{l.workoutName}</Td>
                  <Td>{l.createdBy}</Td>
                  <Td>{when(l.expiresAt)}</Td>
                  <Td className="space-x-2 whitespace-nowrap text-right">
                    <Button size="sm" variant="secondary" loading={card.isPending && card.variables === l.id} onClick={() => card.mutate(l.id, { onSuccess: onCard })}>
                      Show Card
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      loading={revoke.isPending && revoke.variables === l.id}
                      onClick={() => window.confirm(`Revoke the judge link ${l.label}? Its phone stops working at once.`) && revoke.mutate(l.id)}
                    >
                      Revoke
                    </Button>
                  </Td>
                </Tr>
              ))}
            </tbody>
          </Table>
          <Button
            variant="danger"
            loading={revokeAll.isPending}
            onClick={() => window.confirm(`Revoke all ${list.length} judge links of this event? Their phones stop working at once.`) && revokeAll.mutate()}
          >
            Revoke All
          </Button>
        </>
      )}
    </div>
  );
}
