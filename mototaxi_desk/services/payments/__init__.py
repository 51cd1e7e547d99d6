"""Payments: fees, charges, guias, collection and bank returns."""
