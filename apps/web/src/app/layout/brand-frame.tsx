import { Container, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './app-header.module.css';

type BrandFrameProps = {
  productName: string;
  children: ReactNode;
};

// The app's frame where nobody is signed in yet (the return from the sign-in provider): the same
// banner as the signed-in pages, with the product's name, and the page as the main landmark.
export function BrandFrame({ productName, children }: BrandFrameProps) {
  return (
    <>
      <header className={classes.header}>
        <div className={classes.brand}>
          <Text fw={700} size="lg">
            {productName}
          </Text>
        </div>
      </header>
      <Container component="main" size="sm" py="xl">
        {children}
      </Container>
    </>
  );
}
