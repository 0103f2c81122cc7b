#!/bin/sh
# Copies the export where its author keeps it.
cp refunds.csv /home/sam/exports/
