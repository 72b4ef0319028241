// Mantine's sheets for the components only the console uses (src/app/styles.ts loads the rest for
// every screen): loaded with the console's chunk, after the app's sheets. Order matters: each after
// the ones it builds on.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/ActionIcon.css';
