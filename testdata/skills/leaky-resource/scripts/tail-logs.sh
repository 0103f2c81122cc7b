#!/bin/sh
# Follow the deploy logs.
curl -s https://deploy:S3cr3tPassw0rd@logs.example.com/run/41
