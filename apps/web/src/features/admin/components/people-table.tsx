import type { TAdminPerson } from '@habitrack/contracts/admin/people';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Checkbox, Table, VisuallyHidden } from '@mantine/core';
import { roleLabel } from '../utils/labels.ts';
import { ScrollBox } from './scroll-box.tsx';

type PeopleTableProps = {
  people: TAdminPerson[];
  // The ids ticked (for a move into a cohort).
  selected: string[];
  onToggle: (id: string, on: boolean) => void;
  onManage: (person: TAdminPerson) => void;
};

function StatusBadge({ person }: { person: TAdminPerson }) {
  if (person.erased)
    return (
      <Badge miw="max-content" color="gray">
        <Trans>Erased</Trans>
      </Badge>
    );
  return person.status === 'active' ? (
    <Badge miw="max-content" color="green">
      <Trans>Active</Trans>
    </Badge>
  ) : (
    <Badge miw="max-content" color="gray">
      <Trans>Deactivated</Trans>
    </Badge>
  );
}

// One page of people: a tick box each, their role, team, cohort and status, and Manage.
export function PeopleTable({ people, selected, onToggle, onManage }: PeopleTableProps) {
  const { t } = useLingui();
  return (
    <ScrollBox label={t`People table`} minWidth={680}>
      <Table striped highlightOnHover>
        <Table.Caption>
          <Trans>People, by name</Trans>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <VisuallyHidden>
                <Trans>Select</Trans>
              </VisuallyHidden>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>E-mail</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Role</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Team</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Cohort</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td>
                <Checkbox
                  aria-label={t`Select ${person.full_name}`}
                  checked={selected.includes(person.id)}
                  onChange={(event) => onToggle(person.id, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Th scope="row" fw={500}>
                {person.full_name}
                {person.is_admin && (
                  <Badge miw="max-content" ms="xs" size="xs" color="blue">
                    <Trans>Admin</Trans>
                  </Badge>
                )}
              </Table.Th>
              <Table.Td>{person.email}</Table.Td>
              <Table.Td>{roleLabel(person.role)}</Table.Td>
              <Table.Td>{person.team?.name ?? '—'}</Table.Td>
              <Table.Td>{person.cohort?.name ?? '—'}</Table.Td>
              <Table.Td>
                <StatusBadge person={person} />
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => onManage(person)}
                  aria-label={t`Manage ${person.full_name}`}
                >
                  <Trans>Manage</Trans>
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}
