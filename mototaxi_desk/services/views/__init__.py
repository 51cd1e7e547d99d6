"""What the screens read: search, records, the Painel, reports, alerts and due dates, next steps, the counter's actions."""
