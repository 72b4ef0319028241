import type { TAdminPerson } from '@habitrack/contracts/admin/people';
import { Badge, Button, Checkbox, Table, VisuallyHidden } from '@mantine/core';
import { ROLE_LABELS } from '../utils/labels.ts';
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
        Erased
      </Badge>
    );
  return person.status === 'active' ? (
    <Badge miw="max-content" color="green">
      Active
    </Badge>
  ) : (
    <Badge miw="max-content" color="gray">
      Deactivated
    </Badge>
  );
}

// One page of people: a tick box each, their role, team, cohort and status, and Manage.
export function PeopleTable({ people, selected, onToggle, onManage }: PeopleTableProps) {
  return (
    <ScrollBox label="People table" minWidth={680}>
      <Table striped highlightOnHover>
        <Table.Caption>People, by name</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">E-mail</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Team</Table.Th>
            <Table.Th scope="col">Cohort</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${person.full_name}`}
                  checked={selected.includes(person.id)}
                  onChange={(event) => onToggle(person.id, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Th scope="row" fw={500}>
                {person.full_name}
                {person.is_admin && (
                  <Badge miw="max-content" ml="xs" size="xs" color="blue">
                    Admin
                  </Badge>
                )}
              </Table.Th>
              <Table.Td>{person.email}</Table.Td>
              <Table.Td>{ROLE_LABELS[person.role]}</Table.Td>
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
                  aria-label={`Manage ${person.full_name}`}
                >
                  Manage
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}
