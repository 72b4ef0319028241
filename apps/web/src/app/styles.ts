// Mantine's styles for the components the app uses only (the full sheet is five times larger and
// blocks the first paint). Order matters: base layers first, then each component after the ones
// it builds on. A component added to the app needs its sheet here.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Typography.css';
import '@mantine/core/styles/Progress.css';
// The demo tools menu (features/dev-tools): a Menu drops down in a Popover.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import './global.css';
