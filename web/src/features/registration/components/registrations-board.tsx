import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { Select } from '@/components/form-field';
import { Table, Td, Th, Tr } from '@/components/table';
import { useAsyncAction } from '@/components/use-async-action';
import { saveFile } from '@/lib/download';
import { exportRegistrations, useDecision, useOrganiserRegistrations, type DivisionCounts, type Registration } from '../api/registration';
import { formatMoney } from '../rules/refunds';
import { byPlaces, hasRosterDesk } from '../rules/roster';
import { STATE_FILTERS } from '../rules/states';
import { OrganiserRoster } from './organiser-roster';
import { OrganiserTransfer } from './organiser-transfer';
import { OrganiserDivisionChange } from './organiser-division-change';
import { StateBadge } from './state-badge';

function Counts({ divisions }: { divisions: DivisionCounts[] }) {
  return (
    <Table>
      <thead>
        <tr>
          <Th>Division</Th>
          <Th>Places left</Th>
          <Th>Confirmed</Th>
          <Th>In progress</Th>
          <Th>Waiting list</Th>
          <Th>Paid</Th>
        </tr>
      </thead>
      <tbody>
        {divisions.map((d) => (
          <Tr key={d.divisionId}>
            <Td className="font-medium">{d.divisionName}</Td>
            <Td>{d.configured ? `${d.placesLeft} of ${d.capacity}` : 'not open'}</Td>
            <Td>{d.confirmed}</Td>
            <Td>{d.waiting}</Td>
            <Td>{d.waitlistLength}</Td>
            <Td>{d.paid}</Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A team's athletes in roster order, its open places counted: what the desk checks at a glance. */
function RosterNames({ r }: { r: Registration }) {
  const { t } = useTranslation('console');
  const open = r.places.filter((p) => !p.substitute && p.open).length;
  const names = r.places.filter((p) => !p.open).map((p) => (p.substitute ? t('rosterDesk.asSubstitute', { name: p.name }) : p.name));
  return (
    <span className="block" data-testid="roster-names">
      {names.join(', ')}
      {open > 0 && <span className="block text-xs text-amber-700">{t('rosterDesk.openPlaces', { count: open })}</span>}
      {r.rosterConfirmedBy && <span className="block text-xs text-slate-500">{t('rosterDesk.confirmedBy', { name: r.rosterConfirmedBy })}</span>}
    </span>
  );
}

/** One registration's row with the organiser's decisions; a failure stays beside it. */
function Row({ r, divisions }: { r: Registration; divisions: DivisionCounts[] }) {
  const decide = useDecision();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [rosterOpen, setRosterOpen] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  const { t, i18n } = useTranslation('console');
  const live = r.state !== 'withdrawn' && r.state !== 'refused';
  const money = (cents: number) => formatMoney(cents, r.currency, i18n.language);
  const act = (action: 'approve' | 'refuse' | 'paid' | 'move' | 'refund' | 'refunded', body?: Record<string, string>) =>
    decide.mutate({ id: r.id, action, body }, { onSuccess: () => setRefusing(false) });
  return (
    <>
      <Tr>
        <Td className="font-medium">
          {r.teamName}
          {r.divisionChange && (
            <span className="mt-1 block w-fit rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900" data-testid="change-badge">
              {t('divisionChangeDesk.badge', { division: r.divisionChange.toDivisionName })}
            </span>
          )}
        </Td>
        <Td>{r.divisionName}</Td>
        <Td>
          <StateBadge state={r.state} label={r.stateLabel} />
          {r.waitlistPosition > 0 && <span className="ml-1 text-xs text-slate-500">#{r.waitlistPosition}</span>}
        </Td>
        <Td className="whitespace-normal">
          {byPlaces(r) ? (
            <>
              <RosterNames r={r} />
              {hasRosterDesk(r) && (
                <Button size="sm" variant="secondary" className="mt-1" aria-expanded={rosterOpen} onClick={() => setRosterOpen(!rosterOpen)}>
                  {rosterOpen ? t('rosterDesk.close') : t('rosterDesk.show')}
                </Button>
              )}
            </>
          ) : (
            <>
              {r.captainName}
              {r.partnerName ? ` & ${r.partnerName}` : ''}
              {[r.captainMemberNumber, r.partnerMemberNumber]
                .filter(Boolean)
                .map((n) => (
                  <span key={n} className="block text-xs text-slate-500">
                    {t('eligibility.memberNumber', { number: n })}
                  </span>
                ))}
            </>
          )}
          {r.transfers.length > 0 && <span className="block text-xs text-blue-800">{t('transferDesk.pending', { count: r.transfers.length })}</span>}
          {live && (
            <Button size="sm" variant="secondary" className="mt-1 ml-1" aria-expanded={transferOpen} onClick={() => setTransferOpen(!transferOpen)}>
              {transferOpen ? t('transferDesk.close') : t('transferDesk.show')}
            </Button>
          )}
        </Td>
        <Td>
          {r.feeCents > 0 ? (r.paid ? `paid (${r.paymentMethod}, ${r.paidBy})` : 'due') : 'free'}
          {r.owedCents > 0 && (
            <span className="block text-xs font-medium text-amber-800">{t('divisionChangeDesk.owedLine', { amount: money(r.owedCents) })}</span>
          )}
          {r.feeCents > 0 && <span className="block font-mono text-xs text-slate-500">{r.paymentReference}</span>}
          {r.discountCode && (
            <span className="block text-xs text-slate-500">
              {r.discountCode} · {t('discounts.amount', { amount: money(r.discountCents) })}
            </span>
          )}
          {r.refundState && (
            <span className={r.refundState === 'due' ? 'block text-xs font-medium text-amber-800' : 'block text-xs text-slate-500'}>
              {r.refundState === 'refunded'
                ? t('refunds.done', { amount: money(r.refundCents) })
                : r.refundState === 'due'
                  ? t('refunds.due', { amount: money(r.refundCents) })
                  : t('refunds.underWay', { amount: money(r.refundCents) })}
            </span>
          )}
          {r.paymentMethod === 'stripe' && !r.refundState && (
            <Button size="sm" variant="secondary" className="mt-1" onClick={() => act('refund')} disabled={decide.isPending}>
              {t('refunds.refund')}
            </Button>
          )}
          {r.refundState === 'due' && (
            <Button size="sm" variant="secondary" className="mt-1" onClick={() => act('refunded')} disabled={decide.isPending}>
              {t('refunds.markRefunded')}
            </Button>
          )}
        </Td>
        <Td className="whitespace-normal">
          {live && (
            <div className="flex flex-wrap items-center gap-1.5">
              {((r.feeCents > 0 && !r.paid) || r.owedCents > 0) && (
                <>
                  <Button size="sm" variant="secondary" onClick={() => act('paid', { method: 'cash' })} disabled={decide.isPending}>
                    Paid cash
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => act('paid', { method: 'transfer' })} disabled={decide.isPending}>
                    Paid transfer
                  </Button>
                </>
              )}
              {r.state === 'waiting_approval' && (
                <Button size="sm" variant="success" onClick={() => act('approve')} disabled={decide.isPending}>
                  Approve
                </Button>
              )}
              {refusing ? (
                <>
                  <input
                    aria-label={`Reason for refusing ${r.teamName}`}
                    className="rounded border border-slate-300 px-2 py-1 text-xs"
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    placeholder="Reason (mailed to the team)"
                  />
                  {r.paid && r.feeCents > 0 && !r.refundState && (
                    <span className="w-full text-xs text-slate-700">{t('refunds.refuseRefund', { amount: money(r.feeCents) })}</span>
                  )}
                  <Button size="sm" variant="danger" onClick={() => act('refuse', { reason })} disabled={decide.isPending}>
                    Refuse
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setRefusing(false)}>
                    Cancel
                  </Button>
                </>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => setRefusing(true)}>
                  Refuse…
                </Button>
              )}
              <select
                aria-label={`Move ${r.teamName} to another division`}
                className="rounded border border-slate-300 bg-white px-2 py-1 text-xs"
                value=""
                onChange={(e) => e.target.value && act('move', { divisionId: e.target.value })}
              >
                <option value="">Move to…</option>
                {divisions
                  .filter((d) => d.divisionId !== r.divisionId)
                  .map((d) => (
                    <option key={d.divisionId} value={d.divisionId}>
                      {d.divisionName}
                    </option>
                  ))}
              </select>
            </div>
          )}
          {r.refusalReason && <p className="text-xs text-slate-500">Reason: {r.refusalReason}</p>}
          {decide.error && (
            <p role="alert" className="text-xs text-red-700">
              {t('refunds.failed', { message: errorMessage(decide.error) })}
            </p>
          )}
        </Td>
      </Tr>
      {rosterOpen && hasRosterDesk(r) && (
        <Tr>
          <td colSpan={6} className="bg-slate-50 px-3 py-3">
            {/* Held at the left edge within the screen's width: on a phone the table scrolls sideways. */}
            <div className="sticky left-3 max-w-[calc(100vw-4rem)]">
              <OrganiserRoster r={r} />
            </div>
          </td>
        </Tr>
      )}
      {r.divisionChange && live && (
        <Tr>
          <td colSpan={6} className="bg-blue-50 px-3 py-3">
            <div className="sticky left-3 max-w-[calc(100vw-4rem)]">
              <OrganiserDivisionChange r={r} change={r.divisionChange} />
            </div>
          </td>
        </Tr>
      )}
      {transferOpen && (
        <Tr>
          <td colSpan={6} className="bg-slate-50 px-3 py-3">
            <div className="sticky left-3 max-w-[calc(100vw-4rem)]">
              <OrganiserTransfer r={r} />
            </div>
          </td>
        </Tr>
      )}
    </>
  );
}

/** The organiser's registrations of an event: counts per division, filters, decisions, CSV. */
export function RegistrationsBoard({ eventId }: { eventId: string }) {
  const [divisionId, setDivisionId] = useState('');
  const [state, setState] = useState('');
  // Only the teams with an athlete whose waiver is missing (docs/waivers.md).
  const [waiverMissing, setWaiverMissing] = useState(false);
  // Only the registrations with an open division change request (docs/registration.md, "Division changes").
  const [changeRequested, setChangeRequested] = useState(false);
  const { t } = useTranslation('console');
  const filter = {
    divisionId: divisionId || undefined,
    state: state || undefined,
    waiverMissing: waiverMissing || undefined,
    changeRequested: changeRequested || undefined,
  };
  const query = useOrganiserRegistrations(eventId, filter);
  const download = useAsyncAction('Export failed');
  if (query.isPending) return <p className="text-sm text-slate-500">Loading registrations…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        Registrations could not be loaded: {errorMessage(query.error)}
      </p>
    );
  const { divisions, registrations } = query.data;
  return (
    <div className="space-y-4">
      <Counts divisions={divisions} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-56">
          <Select aria-label="Division" value={divisionId} onChange={(e) => setDivisionId(e.target.value)}>
            <option value="">All divisions</option>
            {divisions.map((d) => (
              <option key={d.divisionId} value={d.divisionId}>
                {d.divisionName}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-full sm:w-56">
          <Select aria-label="State" value={state} onChange={(e) => setState(e.target.value)}>
            <option value="">All states</option>
            {STATE_FILTERS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={waiverMissing} onChange={(e) => setWaiverMissing(e.target.checked)} />
          {t('waivers.filterMissing')}
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={changeRequested} onChange={(e) => setChangeRequested(e.target.checked)} />
          {t('divisionChangeDesk.filter', { n: divisions.reduce((n, d) => n + d.changeRequests, 0) })}
        </label>
        <Button
          variant="secondary"
          loading={download.busy}
          onClick={() =>
            download.run(async () => {
              const file = await exportRegistrations(eventId, filter);
              saveFile(file.blob, file.fileName ?? 'registrations.csv');
            })
          }
        >
          Export CSV
        </Button>
        {download.error && (
          <span role="alert" className="text-sm text-red-700">
            {download.error}
          </span>
        )}
      </div>
      {registrations.length === 0 ? (
        <p className="text-sm text-slate-600">No registrations{state || divisionId || waiverMissing || changeRequested ? ' match the filter' : ' yet'}.</p>
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>Team</Th>
              <Th>Division</Th>
              <Th>State</Th>
              <Th>Athletes</Th>
              <Th>Fee</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {registrations.map((r) => (
              <Row key={r.id} r={r} divisions={divisions} />
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
