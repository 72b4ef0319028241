import { Container } from '@mantine/core';
import { Outlet } from 'react-router';

export function RootLayout() {
  return (
    <Container component="main" size="lg" py="xl">
      <Outlet />
    </Container>
  );
}
